/** The card every section of the profile and preferences screens sits in. */
export const sectionClass = 'rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200'
