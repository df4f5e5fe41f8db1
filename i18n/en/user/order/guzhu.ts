export default {
  title: "Employer's liability",
  summary: "Buy and manage employer's liability policies for named employees, priced by occupation class (1–6) and plan.",
} as const;
