/** The document title: `<title>{page} - {site}</title>`, hoisted by React into <head>. */
export function PageTitle({ page, siteName }: { page: string; siteName: string }) {
  return <title>{page ? `${page} - ${siteName}` : siteName}</title>;
}
