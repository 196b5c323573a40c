import sharp from 'sharp'

/**
 * sharp as the app uses it (profile pictures, loop photos): every upload is decoded once, so
 * libvips keeps no operation cache, and one image uses one thread of libuv's pool. Measured by
 * `npm run bench -- --only loop-photos` (issue 34: three loops of 3 photos of 5 MB each): with the
 * defaults (a 50 MB cache, a thread per core for each image) the server's RSS rose from 180 to
 * 359 MB; the target is under 250 MB.
 */
sharp.cache(false)
sharp.concurrency(1)

export { sharp }
