export default {
  title: 'Home',
  eyebrow: 'Group insurance broking for employers',
  heroLead:
    "Compare, buy and manage employer's liability and group accident policies for your company — name-list changes, invoices and claims all live in one member centre.",
  productsTitle: 'Our products',
  productsLead: 'Underwritten by our partner insurers; we handle the plan, the purchase and the after-sales service.',
  whyTitle: 'Why work with us',
  why: {
    quote: { title: 'Quote first, decide later', body: 'Estimate the premium by occupation class and headcount, with clear prices.' },
    list: { title: 'Change the list any time', body: 'Add or remove people online as staff join and leave; premium is counted by day.' },
    claim: { title: 'Follow every claim', body: 'Reports, extra documents and payment progress are visible in the member centre.' },
  },
} as const;
