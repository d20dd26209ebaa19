/** The header's name: the full name, else 'User'. */
export function displayName(fullName: string | null | undefined): string {
  return fullName?.trim() || "User";
}

/** The avatar letter: first letter of the full name, else of the e-mail, else 'U'. */
export function avatarInitial(
  fullName: string | null | undefined,
  email: string | null | undefined,
) {
  const source = fullName?.trim() || email?.trim() || "U";
  return (source[0] ?? "U").toUpperCase();
}

/** The dashboard greeting's name: the full name, else the e-mail's part before the @. */
export function greetingName(fullName: string | null | undefined, email: string): string {
  return fullName?.trim() || email.split("@")[0] || email;
}

export function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1);
}
