export default {
  title: 'Embedded page',
  frameTitle: 'Embedded external page',
  invalid: 'This address cannot be opened inside the member centre.',
  openNew: 'Open in a new window',
} as const;
