export default {
  title: 'Invoice request',
  summary: 'Ask for a normal or special VAT invoice for paid orders; each paid amount can be invoiced once.',
} as const;
