/**
 * The lower-case copies of a package's searchable fields (packages.search_text and .tags_key,
 * migration 012), written with the fields by every writer (services, seed, bench, tests). The
 * feed compares them with a plain LIKE against a lower-case pattern: no function per row, the same
 * on SQLite and PostgreSQL (JavaScript's toLowerCase folds all of Unicode, like collation.ts `folded`).
 */
export function searchColumns(fields: { name: string; description: string; tags: readonly string[] }) {
  return {
    search_text: [fields.name, fields.description, ...fields.tags].join('\n').toLowerCase(),
    tags_key: JSON.stringify(fields.tags.map((t) => t.toLowerCase())),
  }
}

/** The LIKE pattern of one tag inside tags_key: the tag whole, in its JSON quotes. */
export const tagKey = (tag: string) => JSON.stringify(tag.trim().toLowerCase())
