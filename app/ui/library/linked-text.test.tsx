import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import { LinkedText } from './linked-text'

describe('LinkedText', () => {
  it('links web addresses in plain text and interprets nothing else', () => {
    expect(
      renderToStaticMarkup(
        <LinkedText text={'Läs https://example.se/a?b=1. Sedan <b>klart</b> javascript:alert(1)'} className="text-sm" />,
      ),
    ).toBe(
      '<p class="whitespace-pre-line break-words text-sm">Läs <a href="https://example.se/a?b=1" rel="noopener noreferrer nofollow" target="_blank" class="text-brand-700 underline">https://example.se/a?b=1</a>. Sedan &lt;b&gt;klart&lt;/b&gt; javascript:alert(1)</p>',
    )
  })

  it('leaves trailing punctuation and quotes out of the link', () => {
    const html = renderToStaticMarkup(<LinkedText text="(se https://example.se/x), eller 'https://example.se/y'" />)
    expect(html).toContain('href="https://example.se/x"')
    expect(html).toContain('href="https://example.se/y"')
  })
})
