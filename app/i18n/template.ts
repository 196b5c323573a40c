import type { TFunction } from 'i18next'

/** Stands for a value in a translated message until `fill` puts it in (never typed by anyone). */
const slot = (i: number) => `\u0000${i}\u0000`

/**
 * A message translated once and filled many times, for texts repeated on every row of a list:
 * `t()` with interpolation costs microseconds per call, and a page of cards called it several times
 * per card. The values go in as they are, like the app's own interpolation (escapeValue: false;
 * React escapes when rendering). Not for messages whose wording depends on a value (plurals by
 * `count`): those still need `t()` per value.
 *
 *   const updated = translatedTemplate(t, 'library.feed.updated', ['date'])
 *   updated({ date: '3 jan. 2026' }) // "Ändrad 3 jan. 2026"
 */
export function translatedTemplate<K extends string>(
  t: TFunction,
  key: string,
  names: readonly K[],
): (values: Record<K, string | number>) => string {
  const parts = t(key, Object.fromEntries(names.map((name, i) => [name, slot(i)]))).split('\u0000')
  // parts alternate: text, slot number, text, slot number, …, text.
  return (values) => parts.map((part, i) => (i % 2 ? String(values[names[Number(part)]]) : part)).join('')
}
