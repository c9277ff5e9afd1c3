/// The dashboard's one stylesheet, served at `/assets/dashboard.css`.
///
/// Light and dark follow the system (`prefers-color-scheme`); the layout is one column on a
/// phone (390 px wide) and a grid on wider screens; SVG charts scale to their column.
enum DashboardStyle {
    static let css = """
        :root {
          color-scheme: light dark;
          --bg: #f6f7f9; --card: #ffffff; --text: #1d2330; --muted: #5d6676; --line: #d8dce3;
          --accent: #0a66d8; --move: #e5304f; --exercise: #4caf1a; --stand: #1aa3c9;
          --bar: #0a66d8; --band: rgba(229, 48, 79, 0.28); --average: #c81d3c;
          --last-year: #9aa4b2; --heat0: #e6e9ee; --heat1: #c6dbf7; --heat2: #8fb8ef; --heat3: #4a8de0; --heat4: #0a55b8; --heat-ink: #ffffff;
          --quest: #8a6100; --awake: #f2994a; --rem: #56ccf2; --core: #2f80ed; --deep: #5b3cc4; --asleep: #2f80ed; --in-bed: rgba(47, 128, 237, 0.12);
          --meal: #c2410c; --meal-window: rgba(194, 65, 12, 0.1);
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #0f1216; --card: #1a1f26; --text: #e8ebf0; --muted: #9aa4b2; --line: #2c333d;
            --accent: #5aa2ff; --bar: #5aa2ff; --band: rgba(255, 99, 122, 0.3); --average: #ff7a8c;
            --in-bed: rgba(90, 162, 255, 0.16); --quest: #f2c14e; --meal: #fb923c; --meal-window: rgba(251, 146, 60, 0.14);
            --last-year: #5d6676; --heat0: #222932; --heat1: #1d3a5f; --heat2: #25569a; --heat3: #3b7fd6; --heat4: #7fb6ff; --heat-ink: #0f1216;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body { margin: 0; background: var(--bg); color: var(--text);
               font: 16px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
        a { color: var(--accent); }
        a:focus-visible, summary:focus-visible, input:focus-visible, button:focus-visible, select:focus-visible, [tabindex]:focus-visible {
          outline: 3px solid var(--accent); outline-offset: 2px; }
        .top { display: flex; gap: 1rem; align-items: baseline; flex-wrap: wrap; padding: 0.75rem 1rem;
               border-bottom: 1px solid var(--line); background: var(--card); }
        .brand { font-weight: 700; text-decoration: none; color: var(--text); }
        /* The links sit side by side with no text between them: a wrapping flex row lets a phone break the row. */
        .top nav { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; }
        .top nav a[aria-current="page"] { font-weight: 700; text-decoration: none; }
        main { max-width: 960px; margin: 0 auto; padding: 1rem; }
        footer { max-width: 960px; margin: 0 auto; padding: 0 1rem 2rem; color: var(--muted); font-size: 0.85rem; }
        h1 { font-size: 1.6rem; margin: 0.5rem 0 1rem; }
        h1 small { font-size: 1rem; font-weight: 400; color: var(--muted); }
        h2 { font-size: 1.15rem; margin: 0 0 0.5rem; }
        h3 { font-size: 0.9rem; font-weight: 600; margin: 0; color: var(--muted); }
        .panel, .figure, .ring, .empty { background: var(--card); border: 1px solid var(--line); border-radius: 12px; }
        .panel, .empty { padding: 1rem; margin: 1rem 0; }
        .figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(150px, 1fr)); gap: 0.75rem; margin: 1rem 0; }
        .figure { padding: 0.75rem; }
        .figure .value { font-size: 1.5rem; font-weight: 650; margin: 0.25rem 0 0; font-variant-numeric: tabular-nums; }
        .muted, .note, .source, .sources { color: var(--muted); }
        .note { font-size: 0.85rem; margin: 0.25rem 0 0; }
        .rings { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 0.75rem; }
        .rings .note { grid-column: 1 / -1; }
        .ring { margin: 0; padding: 0.5rem; text-align: center; }
        .ring svg { width: 100%; max-width: 140px; height: auto; }
        .ring figcaption { font-size: 0.85rem; }
        .ring .track { fill: none; stroke: var(--line); stroke-width: 12; }
        .ring .progress { fill: none; stroke-width: 12; stroke-linecap: round; }
        .ring-move .progress { stroke: var(--move); }
        .ring-exercise .progress { stroke: var(--exercise); }
        .ring-stand .progress { stroke: var(--stand); }
        .ring-label { fill: var(--text); font-size: 16px; font-weight: 600; }
        .chart { margin: 0.5rem 0; }
        .chart svg { width: 100%; height: auto; display: block; }
        .chart figcaption { color: var(--muted); font-size: 0.85rem; }
        .axis { stroke: var(--line); }
        .tick { fill: var(--muted); font-size: 11px; }
        .bar { fill: var(--bar); }
        .bar:hover, .band:hover, .stage:hover { opacity: 0.75; }
        .band { fill: var(--band); }
        .average { fill: none; stroke: var(--average); stroke-width: 2; }
        .average-point { fill: var(--average); }
        .in-bed { fill: var(--in-bed); }
        .stage-awake { fill: var(--awake); }
        .stage-asleepREM { fill: var(--rem); }
        .stage-asleepCore { fill: var(--core); }
        .stage-asleepDeep { fill: var(--deep); }
        .stage-asleepUnspecified { fill: var(--asleep); }
        .meal-window { fill: var(--meal-window); }
        .meal-dot { fill: var(--meal); stroke: var(--card); stroke-width: 1.5; }
        .meal-dot.meal-snack, .meal-item { fill: var(--meal); fill-opacity: 0.7; }
        .meal-span { stroke: var(--meal); stroke-width: 2; stroke-linecap: round; opacity: 0.6; }
        .meal-label { fill: var(--text); }
        .meal-dot:hover { opacity: 0.75; }
        .route svg { max-width: 320px; background: var(--bg); border-radius: 8px; }
        .route-line { fill: none; stroke: var(--accent); stroke-width: 3; stroke-linejoin: round; stroke-linecap: round; }
        .route-start { fill: var(--exercise); }
        .route-end { fill: var(--move); }
        .workouts { list-style: none; padding: 0; margin: 0; }
        .workout { padding: 0.5rem 0; border-top: 1px solid var(--line); }
        .workout:first-child { border-top: none; }
        .workout p { margin: 0.15rem 0; }
        .days { display: flex; justify-content: space-between; gap: 1rem; }
        details { margin: 0.5rem 0; }
        summary { cursor: pointer; color: var(--accent); font-size: 0.9rem; }
        table { border-collapse: collapse; width: 100%; font-size: 0.9rem; font-variant-numeric: tabular-nums; }
        th, td { text-align: left; padding: 0.2rem 0.5rem; border-bottom: 1px solid var(--line); }
        td { text-align: right; }
        pre { background: var(--bg); padding: 0.75rem; border-radius: 8px; overflow-x: auto; }
        .error { color: var(--move); }
        .visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
        .tabs { display: flex; flex-wrap: wrap; gap: 0.35rem 0.5rem; margin: 0.5rem 0; }
        .tabs a { padding: 0.3rem 0.6rem; border: 1px solid var(--line); border-radius: 999px; text-decoration: none;
                  background: var(--card); font-size: 0.9rem; }
        .tabs a[aria-current="page"] { background: var(--accent); border-color: var(--accent); color: var(--card); }
        .custom-range { display: flex; flex-wrap: wrap; gap: 0.4rem 0.6rem; align-items: center; margin: 0.5rem 0 1rem; }
        .custom-range input, .custom-range button { font: inherit; padding: 0.25rem 0.4rem; max-width: 100%; }
        .bar-current { fill: var(--bar); }
        .bar-last-year { fill: var(--last-year); }
        .trend-line { fill: none; stroke-width: 2; }
        .line-current { stroke: var(--bar); }
        .line-last-year { stroke: var(--last-year); stroke-dasharray: 4 3; }
        .point-current { fill: var(--bar); }
        .point-last-year { fill: var(--last-year); }
        .point:hover, .day:hover { opacity: 0.7; }
        .key::before { content: ""; display: inline-block; width: 0.8em; height: 0.8em; margin-right: 0.3em; border-radius: 2px; }
        .key-current::before { background: var(--bar); }
        .key-last-year::before { background: var(--last-year); }
        table.summary { margin: 0.75rem 0; }
        caption { text-align: left; font-weight: 600; padding: 0.25rem 0; }
        table.month { table-layout: fixed; }
        table.month th { text-align: center; }
        table.month td { vertical-align: top; text-align: left; padding: 0.25rem; height: 4.2rem; border: 1px solid var(--line); }
        table.month td .value { display: block; font-size: 0.8rem; overflow-wrap: anywhere; }
        .marks { display: block; font-size: 0.75rem; font-weight: 700; }
        .mark { margin-right: 0.15rem; }
        .mark-mindfulness { color: var(--stand); }
        .mark-workout { color: var(--exercise); }
        .mark-noalc { color: var(--move); }
        .mark.missed, .mark.unknown { color: var(--muted); font-weight: 400; }
        .level-3 .mark, .level-4 .mark { color: var(--heat-ink); }
        .mark.mark-quest { color: var(--card); background: var(--quest); border-radius: 3px; padding: 0 0.2em; }
        td[aria-current="date"] { outline: 2px solid var(--accent); outline-offset: -2px; }
        table.quests { margin-top: 0.75rem; }
        table.quests td { text-align: left; }
        .no-data { fill: var(--bg); background: var(--bg); }
        .level-0 { fill: var(--heat0); background: var(--heat0); }
        .level-1 { fill: var(--heat1); background: var(--heat1); }
        .level-2 { fill: var(--heat2); background: var(--heat2); }
        .level-3 { fill: var(--heat3); background: var(--heat3); color: var(--heat-ink); }
        .level-4 { fill: var(--heat4); background: var(--heat4); color: var(--heat-ink); }
        .level-3 a, .level-4 a { color: var(--heat-ink); }
        rect.no-data { stroke: var(--line); stroke-width: 0.5; }
        .heatmap .scroll { overflow-x: auto; }
        .heatmap svg { min-width: 640px; }
        .dot-mindfulness { fill: var(--stand); background: var(--stand); }
        .dot-workout { fill: var(--exercise); background: var(--exercise); }
        .dot-noalc { fill: var(--move); background: var(--move); }
        .dot-quest { fill: var(--quest); background: var(--quest); }
        .legend { list-style: none; padding: 0; margin: 0.5rem 0; display: flex; flex-wrap: wrap; gap: 0.25rem 0.9rem; font-size: 0.85rem; }
        .swatch, .dot-key { display: inline-block; width: 0.9em; height: 0.9em; border-radius: 2px; vertical-align: -0.1em;
                            border: 1px solid var(--line); }
        .dot-key { border-radius: 50%; width: 0.6em; height: 0.6em; border: none; }
        .streaks { padding-left: 1.1rem; margin: 0; }
        .streaks li { margin: 0.25rem 0; }
        .session { margin-left: auto; display: flex; gap: 0.5rem; align-items: baseline; }
        .sign-in form { display: grid; gap: 0.5rem; max-width: 28rem; }
        input, button { font: inherit; padding: 0.45rem 0.6rem; border-radius: 8px; border: 1px solid var(--line);
                        background: var(--bg); color: var(--text); }
        button { background: var(--accent); color: #fff; border-color: var(--accent); cursor: pointer; }
        .session button { background: none; color: var(--accent); padding: 0.1rem 0.4rem; }
        input:focus-visible, button:focus-visible { outline: 3px solid var(--accent); outline-offset: 2px; }
        .kinds { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; margin-bottom: 0.5rem; }
        .kinds a[aria-current] { font-weight: 600; }
        .table-scroll { overflow-x: auto; max-width: 100%; }
        table.records th, table.records td { white-space: nowrap; }
        .badge { display: inline-block; font-size: 0.75rem; padding: 0 0.4rem; border-radius: 999px; border: 1px solid var(--line); color: var(--muted); }
        .badge.local { color: var(--accent); border-color: var(--accent); }
        .record-form form { display: grid; gap: 0.75rem; max-width: 28rem; }
        .record-form .field { display: grid; gap: 0.25rem; }
        .record-form .field input { max-width: 100%; }
        .record-form .confirm { display: flex; gap: 0.5rem; align-items: center; }
        .record-form .error { margin: 0; }
        input[aria-invalid] { border-color: var(--move); }
        button.danger { background: var(--move); border-color: var(--move); }
        @media (max-width: 480px) {
          main { padding: 0.75rem; }
          table.records { font-size: 0.8rem; }
          h1 { font-size: 1.3rem; }
          .figures { grid-template-columns: repeat(2, minmax(0, 1fr)); }
          .figure .value { font-size: 1.25rem; }
          /* Charts shrink to about 0.55 of their drawn size here: labels in user units of 20 render at ~11 px, and
             only every other hour label (the six-hourly ones on a day's axis) is shown. */
          .tick { font-size: 20px; }
          .tick.minor { display: none; }
          .heatmap .tick { font-size: 14px; }
          table.month td { height: 3.6rem; padding: 0.15rem; font-size: 0.8rem; }
          table.month td .value { font-size: 0.68rem; }
          .tabs a { font-size: 0.85rem; padding: 0.25rem 0.5rem; }
        }
        .chart-tooltip { position: absolute; z-index: 10; pointer-events: none; max-width: 16rem; padding: 0.3rem 0.5rem;
          background: var(--text); color: var(--bg); border-radius: 6px; font-size: 0.85rem; }
        .panel.access { border-left: 4px solid var(--move); padding: 0.25rem 1rem; }
        .score { margin: 0.25rem 0; }
        .score .value { font-size: 2.2rem; font-weight: 700; font-variant-numeric: tabular-nums; }
        .score .rating { color: var(--muted); }
        .notice { border-left: 4px solid var(--move); padding: 0.25rem 0.75rem; margin: 0.5rem 0; }
        .insight-chart svg { max-width: 600px; }
        .tick.label { fill: var(--text); font-size: 13px; }
        .track { fill: var(--line); }
        .band.range { fill: var(--in-bed); stroke: var(--bar); stroke-width: 0.5; }
        .range-center { stroke: var(--bar); stroke-width: 1.5; }
        .point.night { fill: var(--bar); stroke: var(--card); stroke-width: 2; }
        .point.night.outside { fill: var(--move); }
        .z-up { fill: var(--exercise); }
        .z-down { fill: var(--move); }
        .fit { stroke: var(--average); stroke-width: 1.5; stroke-dasharray: 5 4; }
        .dot { fill: var(--bar); fill-opacity: 0.75; }
        .trend-notices { padding-left: 1.1rem; }
        .trend-notice { margin: 0.3rem 0; }
        .trend-up strong { color: var(--exercise); }
        .trend-down strong { color: var(--move); }
        .insight-card .figure .value a { text-decoration: none; }
        select { font: inherit; padding: 0.4rem 0.5rem; border-radius: 8px; border: 1px solid var(--line);
                 background: var(--bg); color: var(--text); max-width: 100%; }
        @media (max-width: 480px) {
          .tick.label { font-size: 20px; }
          .score .value { font-size: 1.8rem; }
        }
        """
}
