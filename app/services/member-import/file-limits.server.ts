/*
 * What reading one uploaded member file may cost the server (issue 33 item 2; docs/security.md
 * "Uploaded files"). The file itself is at most MEMBER_IMPORT_MAX_BYTES (4 MB, the upload route);
 * these bound what it may unpack to and what parsing it may use. Past any of them the file is
 * IMPORT_FILE_INVALID and nothing is stored.
 */

export interface MemberFileLimits {
  /** The most entries an .xlsx archive may list, the parts it skips included. */
  maxEntries: number
  /** The most bytes the parts an .xlsx is read for may unpack to, together. */
  maxInflatedBytes: number
  /** The longest CSV record (a line, or lines within quotes): the characters of its cells together. */
  maxCsvRecordChars: number
  /** The parsing worker's V8 heap (old generation), in MB: past it the worker is stopped. */
  workerHeapMb: number
  /** How long the parsing worker may take before it is stopped. */
  workerTimeoutMs: number
}

export const MEMBER_FILE_LIMITS: MemberFileLimits = {
  maxEntries: 200,
  maxInflatedBytes: 20 * 1024 * 1024,
  maxCsvRecordChars: 32 * 1024,
  workerHeapMb: 64,
  workerTimeoutMs: 20_000,
}

/** How many files are parsed at once; more wait their turn (each worker has a heap of its own). */
export const MEMBER_FILE_PARSERS = 2
