export default {
  title: 'File sealing',
  summary:
    "Stamp your company's electronic seal on PDF documents such as employee lists, endorsement requests and claim forms; every sealed file carries a verifiable fingerprint.",
} as const;
