export default {
  title: 'Products',
  lead: 'Four kinds of cover for employers and individuals. Log in to the member centre to buy and manage policies.',
  forLabel: 'For',
  pricingLabel: 'Priced by',
  list: 'Insured list',
  detail: {
    guzhu: { for: 'Any company with employees', pricing: 'Occupation class (1–6) and plan, per person', list: 'Named employee list' },
    tuanyi: {
      for: 'Organisations covering staff or team members against accidents',
      pricing: 'Plan and headcount',
      list: 'Named list of people',
    },
    anze: { for: 'Companies in industries where the cover is required', pricing: 'Headcount and industry', list: 'Usually no name list' },
    personal: { for: 'Individuals and flexible workers', pricing: 'Plan, per person', list: 'The insured person only' },
  },
  cta: 'Log in to buy',
} as const;
