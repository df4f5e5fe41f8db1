export default {
  title: 'Embedded page',
  frameTitle: 'Embedded external page',
  invalid: 'This address cannot be opened inside the member centre.',
  notAllowed: "This site is not on the member centre's list of trusted pages, so it is not shown here.",
  badProtocol: 'This kind of address (for example javascript:, data: or file:) is never opened in the member centre.',
  openNew: 'Open in a new window',
} as const;
