/** Shown beside both lead forms (POPIA: what we collect and why). */
export const popiaNotice = {
  contact:
    "We use these details only to reply to your message. We keep them securely and never sell or share them for marketing.",
  quote:
    "We use these details only to prepare and send your quote and to contact you about it. We keep them securely and never sell or share them for marketing.",
  booking:
    "We use these details only to hold your meeting, send you its invitation and reminders, and prepare for the call. We keep them securely and never sell or share them for marketing.",
  privacyLinkLabel: "Read our Privacy Policy",
};
