/** The footer's links are inert (they lead nowhere yet), and the copyright says 2022. */
const columns = [
  { heading: "Courses", links: ["Academic module", "General Training", "Memberships"] },
  { heading: "Company", links: ["About me", "Careers", "Press kit"] },
  { heading: "Legal", links: ["Terms of use", "Privacy policy", "Cookie policy"] },
];

export function SiteFooter() {
  return (
    <footer className="mt-16 bg-brand-900 text-slate-200">
      <div className="container-page grid gap-8 py-10 sm:grid-cols-4">
        <div>
          <p className="text-lg font-bold text-white">IELTS Hub</p>
          <p className="mt-2 text-sm text-slate-300">
            Preparation courses for the IELTS test, taught by an experienced teacher.
          </p>
        </div>
        {columns.map((column) => (
          <div key={column.heading}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-300">
              {column.heading}
            </h2>
            <ul className="mt-3 space-y-2 text-sm">
              {column.links.map((label) => (
                <li key={label}>
                  {/* biome-ignore lint/a11y/useValidAnchor: the footer's links are inert by design; an <a> without href is HTML's placeholder link, which is neither focusable nor announced as a link. */}
                  <a className="text-slate-200">{label}</a>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <p className="border-t border-white/10 py-4 text-center text-sm text-slate-300">
        © 2022 IELTS Hub. All rights reserved.
      </p>
    </footer>
  );
}
