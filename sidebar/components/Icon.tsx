/** Small line icons (24×24 paths, drawn in the text colour) for buttons that must stay narrow in the panel. */
const PATHS = {
  gear:
    'M12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Zm8.4 4.9-.1-1.4 1.9-1.5-2-3.4-2.3.8a7.6 7.6 0 0 0-2.4-1.4L15 3h-4l-.5 ' +
    '2.5A7.6 7.6 0 0 0 8.1 7l-2.3-.9-2 3.4 1.9 1.5a7.7 7.7 0 0 0 0 2.8l-1.9 1.5 2 3.4 2.3-.8a7.6 7.6 0 0 0 2.4 1.4L11 21h4l.5-2.5a7.6 ' +
    '7.6 0 0 0 2.4-1.4l2.3.8 2-3.4-1.8-1.1Z',
  plus: 'M12 5v14M5 12h14',
  trash: 'M4 7h16M9 7V4h6v3m-8 0 1 13h8l1-13',
  sun: 'M12 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0-6v3m0 14v3M2 12h3m14 0h3M4.9 4.9 7 7m10 10 2.1 2.1M4.9 19.1 7 17M17 7l2.1-2.1',
  moon: 'M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z',
  auto: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm0 0v18',
  more: 'M6 9l6 6 6-6',
} as const;

export type IconName = keyof typeof PATHS;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg class="icon" viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
      <path
        d={PATHS[name]}
        fill="none"
        stroke="currentColor"
        stroke-width="2"
        stroke-linecap="round"
        stroke-linejoin="round"
      />
    </svg>
  );
}
