/** A link that downloads what a page shows as CSV, from the API's export route (the session's cookie goes with it). */
export function DownloadCsv({ href, what }: { href: string; what: string }) {
  return (
    <a className="btn" href={href} download aria-label={`Download CSV of ${what}`} data-testid="download-csv">
      Download CSV
    </a>
  );
}
