export function Logo({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#2f3fb4" />
      <path d="M9 23V9h3v5.6L17.4 9h3.8l-5.9 6.2L21.6 23h-3.8l-4.5-5.8-1.3 1.3V23z" fill="#fff" />
      <circle cx="24" cy="9" r="2.2" fill="#f5b342" />
    </svg>
  );
}
