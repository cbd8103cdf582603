/** How the portal names a person: first and last name, else the e-mail (users, the audit logs' person filters, the user menu). */
export function personName(person: {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  return [person.firstName, person.lastName].filter(Boolean).join(' ') || (person.email ?? '');
}
