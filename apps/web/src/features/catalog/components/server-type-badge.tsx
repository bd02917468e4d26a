/**
 * Our own simple badges for the Minecraft server types (no third-party logos): a coloured tile with a
 * glyph and the type's name.
 */
const STYLE: Record<string, { color: string; glyph: string }> = {
  bukkit: { color: '#e8590c', glyph: 'M14 16h20l-3 18H17z' },
  bungeecord: { color: '#f59f00', glyph: 'M12 24c4-8 8-8 12 0s8 8 12 0' },
  fabric: { color: '#d6c7a1', glyph: 'M14 14h20v20H14zM14 24h20M24 14v20' },
  forge: { color: '#495057', glyph: 'M12 20h24l-6 6h-4v8h-4v-8h-4z' },
  ftb: { color: '#1c7ed6', glyph: 'M16 14h16v5H21v4h9v5h-9v6h-5z' },
  papermc: { color: '#f1f3f5', glyph: 'M16 12h12l6 6v18H16zM28 12v6h6' },
  purpur: { color: '#ae3ec9', glyph: 'M24 12l10 6v12l-10 6-10-6V18z' },
  spigot: { color: '#fab005', glyph: 'M18 12h12v6h-4v6h8v6H22v-6h-4z' },
  sponge: { color: '#fcc419', glyph: 'M14 18a10 10 0 0 1 20 0v12a10 10 0 0 1-20 0z' },
};

export function ServerTypeBadge({ type }: { type: string }) {
  const style = STYLE[type] ?? { color: '#7b54de', glyph: 'M14 14h20v20H14z' };
  const label =
    type === 'papermc' ? 'PaperMC' : type === 'ftb' ? 'FTB' : type.charAt(0).toUpperCase() + type.slice(1);
  return (
    <svg viewBox="0 0 160 64" width="160" height="64" role="img" aria-label={label}>
      <rect x="1" y="1" width="158" height="62" rx="14" fill="#1d1e30" stroke={style.color} strokeWidth="2" />
      <g transform="translate(8 8)">
        <rect width="48" height="48" rx="10" fill={style.color} opacity="0.18" />
        <path d={style.glyph} fill="none" stroke={style.color} strokeWidth="3" strokeLinejoin="round" />
      </g>
      <text
        x="66"
        y="38"
        fill="#f1f3f5"
        fontFamily="system-ui, sans-serif"
        fontSize={label.length > 8 ? 13 : 16}
        fontWeight="700"
      >
        {label}
      </text>
    </svg>
  );
}
