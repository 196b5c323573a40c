/**
 * Search, sort and pagination of a server-side list, read from URL parameters so links and
 * back work: ?q=&sort=&dir=&page=. Unknown values fall back to the defaults.
 */
export interface ListQuery<S extends string = string> {
  q: string
  sort: S
  dir: 'asc' | 'desc'
  page: number
  pageSize: number
}

export const PAGE_SIZE = 50

export function parseListQuery<S extends string>(
  url: URL,
  options: { sorts: readonly S[]; defaultSort: S; defaultDir?: 'asc' | 'desc'; pageSize?: number },
): ListQuery<S> {
  const p = url.searchParams
  const sort = options.sorts.includes(p.get('sort') as S) ? (p.get('sort') as S) : options.defaultSort
  const dir = p.get('dir') === 'asc' || p.get('dir') === 'desc' ? (p.get('dir') as 'asc' | 'desc') : (options.defaultDir ?? 'asc')
  const page = Math.max(1, Math.min(100_000, Number.parseInt(p.get('page') ?? '1', 10) || 1))
  return { q: (p.get('q') ?? '').trim().slice(0, 200), sort, dir, page, pageSize: options.pageSize ?? PAGE_SIZE }
}

/** A LIKE pattern that matches the text anywhere, with the wildcards of the text escaped. */
export const likePattern = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`

export interface Page<T> {
  items: T[]
  total: number
  page: number
  pageSize: number
}

/** The number of the last page of a list (1 for an empty list). */
export const lastPageOf = ({ total, pageSize }: Pick<Page<unknown>, 'total' | 'pageSize'>) => Math.max(1, Math.ceil(total / pageSize))
