/// The HTML report's style sheet: system fonts, light and dark schemes,
/// a table on wide screens and one card per monster below 60rem (960 px),
/// in as many columns as fit. The table's seven columns need about that
/// width: narrower, its unbreakable facts (dates, countries) squeezed the
/// name down to one letter a line and ran off the page.
/// `script/check-html-report` looks at it at five widths.
enum HTMLStyle {
    static let sheet = """
        :root{--bg:#f6f5f1;--fg:#1c1c1e;--muted:#6d6d72;--line:#e2e0da;--card:#fff;--chip:#ecebe6;--red:#c0392b;--green:#2e7d32;--blue:#1e5fbf}
        @media (prefers-color-scheme:dark){:root{--bg:#141416;--fg:#ececef;--muted:#9d9da6;--line:#2d2d32;--card:#1e1e21;--chip:#2a2a2f;--red:#ff7b72;--green:#7ee787;--blue:#79b8ff}}
        *{box-sizing:border-box}
        body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Color Emoji",sans-serif}
        main{max-width:72rem;margin:0 auto;padding:2rem 1rem 3rem}
        h1{font-size:1.75rem;margin:0}
        .count{color:var(--muted);margin:.25rem 0 1.25rem}
        .empty{padding:2rem;text-align:center;color:var(--muted);background:var(--card);border:1px solid var(--line);border-radius:12px}
        table{width:100%;border-collapse:separate;border-spacing:0;background:var(--card);border:1px solid var(--line);border-radius:12px;overflow:hidden}
        th,td{text-align:left;vertical-align:middle;padding:.65rem .9rem;border-bottom:1px solid var(--line)}
        tbody tr:last-child td{border-bottom:0}
        th{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);background:var(--chip)}
        .id{width:1%;text-align:right;color:var(--muted);font-variant-numeric:tabular-nums}
        .who,.what{display:flex;align-items:center;gap:.65rem}
        .name{font-weight:650;overflow-wrap:anywhere}
        td.monster{min-width:12rem}
        .name.red{color:var(--red)}.name.green{color:var(--green)}.name.blue{color:var(--blue)}
        .desc{white-space:pre-wrap;overflow-wrap:anywhere;color:var(--fg)}
        .weapon,.fact{white-space:nowrap}
        .fact{color:var(--muted);font-variant-numeric:tabular-nums}
        .fact.unknown{text-align:center}
        .pic{flex:none;width:48px;height:48px;border-radius:10px;background:var(--chip) center/contain no-repeat;image-rendering:pixelated}
        .what .pic{width:32px;height:32px;background-color:transparent}
        .initial{display:grid;place-items:center;font-weight:700;color:var(--muted)}
        .glyph{flex:none;width:1.75rem;text-align:center;font-size:1.35rem;line-height:1}
        footer{margin-top:1.5rem;color:var(--muted);font-size:.85rem}
        @media (max-width:40rem){
        main{padding:1.25rem .75rem 2rem}
        }
        @media (max-width:60rem){
        table,tbody,tr,td{display:block}
        table{border:0;background:none}
        thead{display:none}
        tbody{display:grid;grid-template-columns:repeat(auto-fill,minmax(min(100%,17rem),1fr));gap:.7rem}
        tr{display:grid;grid-template-columns:1fr auto;grid-template-areas:"who what" "desc desc";align-content:start;gap:.35rem .75rem;background:var(--card);border:1px solid var(--line);border-radius:12px;padding:.8rem}
        td{padding:0;border:0}
        td.id{display:none}
        td.monster{grid-area:who;min-width:0}
        td.weapon{grid-area:what;align-self:center}
        td.desc{grid-area:desc;color:var(--muted)}
        td.desc:has(bdi:empty){display:none}
        td.fact{grid-column:1/-1;font-size:.9rem}
        td.fact::before{content:attr(data-label) "  ";font-weight:600}
        td.fact.unknown{display:none}
        }

        """
}
