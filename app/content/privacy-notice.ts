/**
 * The privacy notice's version. Change both when the privacy policy changes: every lead,
 * sign-up and invitation records the version it was shown (decision 014). Its own module so
 * the sign-in page can name the version without loading the legal texts (legal.ts re-exports it).
 */
export const privacyNotice = { version: "3", date: "2026-11-27" } as const;

/**
 * How long a WhatsApp conversation with the site assistant that was never passed to the team
 * is kept after its last message (decision 095): the privacy policy states it, the retention
 * job deletes it.
 */
export const whatsappChatRetentionDays = 30;
