/** Up to two initials of a name ("Anna-Karin Öberg" gives "AÖ"). */
export function initialsOf(name: string) {
  return name
    .trim()
    .split(/\s+/)
    .map((p) => [...p][0] ?? '')
    .slice(0, 2)
    .join('')
    .toUpperCase()
}

const SIZES = { sm: 'size-8 text-sm', lg: 'size-32 text-4xl' } as const

/**
 * A user's profile picture, or their initials when they have none. Decorative by default (the
 * name is beside it); `alt` names it where the picture stands alone.
 */
export function Avatar({
  name,
  src,
  size = 'sm',
  alt = '',
}: {
  name: string
  src: string | null
  size?: keyof typeof SIZES
  alt?: string
}) {
  if (src)
    return (
      <img
        src={src}
        alt={alt}
        className={`${SIZES[size].split(' ')[0]} shrink-0 rounded-full object-cover`}
        width={size === 'lg' ? 128 : 32}
        height={size === 'lg' ? 128 : 32}
      />
    )
  return (
    <span
      aria-hidden={alt ? undefined : true}
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      className={`flex ${SIZES[size]} shrink-0 items-center justify-center rounded-full bg-brand-600 font-semibold text-white`}
    >
      {initialsOf(name)}
    </span>
  )
}
