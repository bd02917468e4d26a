/** Icons of the home page, kept apart so its bundle carries only these. */
import { type IconProps, Svg } from './svg';

export const IconDisk = (p: IconProps) => (
  <Svg {...p}>
    <rect x="3" y="4" width="18" height="16" rx="2" />
    <path d="M7 15h.01M11 15h6" />
  </Svg>
);
export const IconShield = (p: IconProps) => (
  <Svg {...p}>
    <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
    <path d="M9 12l2 2 4-4" />
  </Svg>
);
export const IconRocket = (p: IconProps) => (
  <Svg {...p}>
    <path d="M5 15c-1 1-2 4-2 6 2 0 5-1 6-2M9 15l-3-3c1-5 5-9 12-9 0 7-4 11-9 12z" />
    <circle cx="15" cy="9" r="1.5" />
  </Svg>
);
export const IconCpu = (p: IconProps) => (
  <Svg {...p}>
    <rect x="6" y="6" width="12" height="12" rx="2" />
    <rect x="9" y="9" width="6" height="6" />
    <path d="M9 2v4M15 2v4M9 18v4M15 18v4M2 9h4M2 15h4M18 9h4M18 15h4" />
  </Svg>
);
export const IconSupport = (p: IconProps) => (
  <Svg {...p}>
    <path d="M4 14v-2a8 8 0 0 1 16 0v2" />
    <rect x="2" y="14" width="5" height="6" rx="1.5" />
    <rect x="17" y="14" width="5" height="6" rx="1.5" />
  </Svg>
);
