var __defProp = Object.defineProperty;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __esm = (fn, res) => function __init() {
  return fn && (res = (0, fn[__getOwnPropNames(fn)[0]])(fn = 0)), res;
};
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};

// app/env.server.ts
var env_server_exports = {};
__export(env_server_exports, {
  env: () => env,
  isProduction: () => isProduction,
  isSecureOrigin: () => isSecureOrigin,
  parseEnv: () => parseEnv
});
import { z } from "zod";
function parseEnv(source) {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== void 0 && v !== ""));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  - ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:
${lines.join("\n")}`);
  }
  const env2 = result.data;
  return {
    ...env2,
    APP_URL: (env2.APP_URL ?? `http://localhost:${env2.PORT}`).replace(/\/$/, ""),
    SESSION_SECRET: env2.SESSION_SECRET ?? "development-only-secret-change-me-in-production"
  };
}
function env() {
  cached ??= parseEnv(process.env);
  return cached;
}
var EnvSchema, cached, isProduction, isSecureOrigin;
var init_env_server = __esm({
  "app/env.server.ts"() {
    "use strict";
    EnvSchema = z.object({
      NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
      PORT: z.coerce.number().int().min(1).max(65535).default(3e3),
      HOST: z.string().min(1).default("0.0.0.0"),
      APP_URL: z.string().url({ message: "APP_URL must be an absolute URL such as https://groups.example.se" }).optional(),
      DATABASE_URL: z.string().refine((v) => v.startsWith("file:") || /^postgres(ql)?:\/\//.test(v), {
        message: "DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL)"
      }).optional(),
      SMTP_URL: z.string().refine((v) => /^smtps?:\/\//.test(v), { message: "SMTP_URL must start with smtp:// or smtps://" }).optional(),
      MAIL_FROM: z.string().min(3).default("Groups <no-reply@localhost>"),
      SESSION_SECRET: z.string().min(32, { message: "SESSION_SECRET must be at least 32 characters" }).optional(),
      BRAND_NAME: z.string().min(1).default("Groups")
    }).superRefine((env2, ctx) => {
      if (env2.NODE_ENV === "production" && !env2.SESSION_SECRET) {
        ctx.addIssue({ code: "custom", path: ["SESSION_SECRET"], message: "SESSION_SECRET is required in production" });
      }
    });
    isProduction = () => env().NODE_ENV === "production";
    isSecureOrigin = () => env().APP_URL.startsWith("https://");
  }
});

// server/index.ts
import { createRequestHandler } from "@remix-run/express";
import compression from "compression";
import express from "express";
import { createServer } from "node:http";

// server/security.ts
import helmet from "helmet";
import { randomBytes } from "node:crypto";
function cspNonce(_req, res, next) {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
}
function securityHeaders({ https, dev: dev2 }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${res.locals.cspNonce}'`, "'strict-dynamic'"],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "https:"],
        "font-src": ["'self'", "data:"],
        "connect-src": dev2 ? ["'self'", "ws:", "wss:"] : ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "base-uri": ["'self'"],
        "object-src": ["'none'"],
        ...https ? { "upgrade-insecure-requests": [] } : {}
      }
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    strictTransportSecurity: https ? { maxAge: 31536e3, includeSubDomains: true } : false,
    xFrameOptions: { action: "deny" }
  });
}
var SAFE_METHODS = /* @__PURE__ */ new Set(["GET", "HEAD", "OPTIONS"]);
function originCheck(appOrigin) {
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method))
      return next();
    const origin = req.get("origin");
    const ownOrigin = `${req.protocol}://${req.get("host")}`;
    const site = req.get("sec-fetch-site");
    const foreignOrigin = origin !== void 0 && origin !== appOrigin && origin !== ownOrigin;
    if (foreignOrigin || site === "cross-site") {
      res.status(403).json({ message: "FORBIDDEN" });
      return;
    }
    next();
  };
}

// server/index.ts
var { parseEnv: parseEnv2 } = await Promise.resolve().then(() => (init_env_server(), env_server_exports));
var config;
try {
  config = parseEnv2(process.env);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
var dev = config.NODE_ENV !== "production";
var viteDevServer = dev ? await import("vite").then((vite) => vite.createServer({ server: { middlewareMode: true } })) : void 0;
async function loadBuild() {
  if (viteDevServer)
    return await viteDevServer.ssrLoadModule("virtual:remix/server-build");
  return await import("../build/server/index.js");
}
var build = await loadBuild();
await build.entry.module.startup();
var app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback");
app.use(compression());
app.use(cspNonce);
app.use(securityHeaders({ https: config.APP_URL.startsWith("https://"), dev }));
app.use(originCheck(new URL(config.APP_URL).origin));
if (viteDevServer) {
  app.use(viteDevServer.middlewares);
} else {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
}
var MAX_BODY_BYTES = 1e6;
app.use((req, res, next) => {
  if (Number(req.get("content-length") ?? 0) > MAX_BODY_BYTES) {
    res.status(413).json({ message: "PAYLOAD_TOO_LARGE" });
    return;
  }
  next();
});
app.all(
  "*",
  createRequestHandler({
    build: viteDevServer ? loadBuild : build,
    getLoadContext: (req, res) => ({ cspNonce: res.locals.cspNonce, clientIp: req.ip ?? "unknown" })
  })
);
var server = createServer(app);
server.listen(config.PORT, config.HOST, () => {
  console.info(`Listening on http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${config.PORT} (${config.APP_URL})`);
});
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.once(signal, () => {
    server.close(async () => {
      await build.entry.module.shutdown();
      process.exit(0);
    });
    setTimeout(() => process.exit(0), 5e3).unref();
  });
}
