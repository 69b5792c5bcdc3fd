// Small inline icons for the playback buttons (font glyphs such as ⏸ are missing from
// many system fonts). Decorative: every button also says what it does in words.
const common = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

export function PlayIcon() {
  return (
    <svg {...common}>
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

export function PauseIcon() {
  return (
    <svg {...common}>
      <rect x="3" y="2.5" width="3.5" height="11" fill="currentColor" />
      <rect x="9.5" y="2.5" width="3.5" height="11" fill="currentColor" />
    </svg>
  );
}

export function StepIcon() {
  return (
    <svg {...common}>
      <path d="M3 2.5v11l7.5-5.5z" fill="currentColor" />
      <rect x="11" y="2.5" width="2.5" height="11" fill="currentColor" />
    </svg>
  );
}

export function ResetIcon() {
  return (
    <svg {...common}>
      <path d="M8 3a5 5 0 1 1-4.6 3" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <path d="M1.5 2.5 3.6 6.6 7.4 4.4z" fill="currentColor" />
    </svg>
  );
}

/** To the first step: a bar, then a triangle pointing left. */
export function FirstIcon() {
  return (
    <svg {...common}>
      <rect x="2.5" y="2.5" width="2.5" height="11" fill="currentColor" />
      <path d="M13 2.5v11l-7.5-5.5z" fill="currentColor" />
    </svg>
  );
}

/** To the last step: a triangle pointing right, then a bar (StepIcon's shape). */
export function LastIcon() {
  return <StepIcon />;
}
