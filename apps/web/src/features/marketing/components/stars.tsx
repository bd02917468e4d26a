/** A star of the rating (24 × 24). */
const STAR = 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6L2.5 9.4l6.6-.8z';

/**
 * Five stars, `value` of them filled (rounded to a whole star), read by assistive technology as `label`
 * (e.g. "Rated 4.9 out of 5") rather than as five pictures.
 */
export function Stars({ value, label, size = 18 }: { value: number; label: string; size?: number }) {
  const filled = Math.round(value);
  return (
    <span role="img" aria-label={label} className="fh-stars">
      {[1, 2, 3, 4, 5].map((star) => (
        <svg key={star} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d={STAR}
            fill={star <= filled ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
          />
        </svg>
      ))}
    </span>
  );
}
