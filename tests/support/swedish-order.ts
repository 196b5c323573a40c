/**
 * Names in Swedish order (å, ä, ö after z; case and accents ignored: "émile" sorts with "emil"),
 * for the sort tests of every list. A byte or plain Unicode order puts "émile" and the
 * å/ä/ö names elsewhere, so a list sorted without the Swedish collation fails them.
 */
export const SWEDISH_ORDER = ['Emil', 'émile', 'Erik', 'zacke', 'Åsa', 'ärla', 'Örjan'] as const

/** The same names in an order that is neither Swedish nor alphabetical in any other way. */
export const SWEDISH_SHUFFLED = ['Örjan', 'Erik', 'Åsa', 'zacke', 'émile', 'ärla', 'Emil'] as const
