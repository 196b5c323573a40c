/**
 * A person as an admin's bulk confirmation and result name them, with the address beside the name
 * so two people of the same name differ: "Alma Lindqvist (alma.l@example.se)". Only where the
 * viewer may see the address (an organization's admins: docs/group-roles.md).
 */
export const nameWithEmail = (name: string, email: string) => (email ? `${name} (${email})` : name)
