/** A URL in plain text: http(s), up to whitespace, without trailing punctuation. */
const URL_PATTERN = /(https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'])/g

/**
 * Plain text (a description, a task's instructions) with its web addresses as links, and its
 * line breaks kept. Nothing else is interpreted: no HTML, no markup.
 */
export function LinkedText({ text, className }: { text: string; className?: string }) {
  const parts = text.split(URL_PATTERN)
  return (
    <p className={`whitespace-pre-line break-words ${className ?? ''}`}>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} rel="noopener noreferrer nofollow" target="_blank" className="text-brand-700 underline">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  )
}
