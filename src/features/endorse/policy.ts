/**
 * What endorsements need of a policy and its roster, in one place: the orders area's public
 * surface where it has a function for it, SQL on its insured table inside our transaction where
 * it has none (roster changes on approval). Everything else in this area goes through here.
 */
import type { SQL } from 'bun';

/** A policy as endorsements see it. */
export interface Policy {
  id: number;
  /** The plan the policy was sold under (its insurer rules are read live from it). */
  planId: number;
  userId: number;
  type: string;
  status: string;
  namedList: boolean;
  orderNo: string;
  policyNo: string;
  planName: string;
  planNameEn: string;
  policyholder: string;
  /** Period, `YYYY-MM-DD`, both inclusive. */
  start: string;
  end: string;
  classes: number[];
  age: { min: number; max: number };
  minInsured: number;
  maxInsured: number;
  /** Full-period per-person premium of a class in fen (the order's price snapshot), or null if not covered. */
  premiumOf(cls: number): number | null;
}

/** One insured row with its active period (both ends inclusive). */
export interface InsuredRow {
  id: number;
  orderId: number;
  name: string;
  idNo: string;
  gender: number;
  birthday: string;
  cls: number;
  activeFrom: string;
  activeTo: string;
  /** Fen paid for this row's cover. */
  premium: number;
}

/** A person to add. */
export interface NewPerson {
  name: string;
  idNo: string;
  gender: number;
  birthday: string;
  cls: number;
}

export interface RosterPort {
  /** The policy behind an order id (any owner; callers check visibility), or null. */
  loadPolicy(sql: SQL, orderId: number): Promise<Policy | null>;
  /** Effective, named-list guzhu/tuanyi policies owned by these members. */
  eligiblePolicies(sql: SQL, userIds: number[]): Promise<Policy[]>;
  findInsured(sql: SQL, orderId: number, insuredId: number): Promise<InsuredRow | null>;
  /** Rows of these ID numbers active on `date` or later. */
  activeFromOn(sql: SQL, orderId: number, date: string, idNos: string[]): Promise<InsuredRow[]>;
  /** Headcount per occupation class on a date (`{class: count}`). */
  classCountsOn(sql: SQL, orderId: number, date: string): Promise<Map<number, number>>;
  /** Of these insured rows, the ids of those with an open claim (reported, in review, waiting for documents, approved unpaid). */
  openClaims(sql: SQL, orderId: number, insuredIds: number[]): Promise<number[]>;
  /**
   * Other effective policies of the same product type held by these members that cover any of these
   * ID numbers on `date`: `{idNo, policyNo}` per match.
   */
  coveredElsewhere(
    sql: SQL,
    policy: Pick<Policy, 'id' | 'type'>,
    userIds: number[],
    date: string,
    idNos: string[],
  ): Promise<{ idNo: string; policyNo: string }[]>;
  /** Headcount on a date. */
  countOn(sql: SQL, orderId: number, date: string): Promise<number>;
  /** The roster on a date, paged, optionally filtered by name or ID number. */
  rosterOn(
    sql: SQL,
    orderId: number,
    date: string,
    keyword: string,
    page: number,
    limit: number,
  ): Promise<{ list: InsuredRow[]; total: number }>;
  /** Add a person from `from` to the policy end, `premium` fen paid for that cover. */
  add(sql: SQL, policy: Policy, person: NewPerson, from: string, premium: number): Promise<void>;
  /** Record what a row's cover is paid (after part of it was refunded or re-priced). */
  setPremium(sql: SQL, insuredId: number, premium: number): Promise<void>;
  /** Remove a row whose cover never starts. */
  drop(sql: SQL, insuredId: number): Promise<void>;
  /** End a row's cover on `to` (inclusive). */
  end(sql: SQL, orderId: number, insuredId: number, to: string): Promise<void>;
  /** Edit a row in place (name or ID fix; a class change on the row's first day). */
  edit(sql: SQL, insuredId: number, change: Partial<NewPerson>): Promise<void>;
  /** Record the policy's headcount (what its lists and summary show) after a roster change. */
  setHeadcount(sql: SQL, orderId: number, count: number): Promise<void>;
}
