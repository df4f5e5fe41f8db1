export default {
  title: 'Balance log',
  summary: 'See every movement of your prepaid account: top-ups, premium payments and refunds.',
} as const;
