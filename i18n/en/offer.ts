export default {
  title: 'Instant quote',
  lead: 'Enter the product, occupation class, headcount and period to get an estimated premium.',
  howTitle: 'How a quote is worked out',
  how: {
    product: "Pick a product: employer's liability, group accident, work-safety liability or personal accident.",
    class: 'Pick the occupation class (1–6; higher means riskier work) and a plan.',
    people: 'Enter the headcount and the period; the premium comes from the price table.',
  },
  calcTitle: 'Quote calculator',
  calcNotice:
    'The online quote calculator is not available yet. For a quote, contact your account manager, or log in to see your existing policies.',
  toProducts: 'Browse the products',
} as const;
