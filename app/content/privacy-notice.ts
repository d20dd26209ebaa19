/**
 * The privacy notice's version. Change both when the privacy policy changes: every lead,
 * sign-up and invitation records the version it was shown (decision 014). Its own module so
 * the sign-in page can name the version without loading the legal texts (legal.ts re-exports it).
 */
export const privacyNotice = { version: "2", date: "2026-11-23" } as const;
