import type { Migration } from './migration';

/**
 * Migrations of the products, plans, orders, insured rows, timelines area. Version 11 is reserved
 * for it (products, plans, orders, insured rows, timelines (#9)): one migration, edited freely
 * until it ships; later changes take the next free number.
 *
 * Money columns are integer fen. Dates of cover (`start_date`, `end_date`, `active_from`,
 * `active_to`) are `YYYY-MM-DD` in the site's time zone, both ends inclusive; timestamps are Unix
 * seconds. JSON columns are TEXT (portable between SQLite and PostgreSQL).
 */
export const orderMigrations: Migration[] = [
  {
    version: 11,
    name: 'orders: products, plans with annual prices, orders with a price snapshot, insured rows with active dates, timelines, number sequences',
    up: [
      // The four products of DESIGN.md §1 (reference rows, inserted below; operators edit plans).
      `CREATE TABLE product (
        code TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        name_en TEXT NOT NULL DEFAULT '',
        summary TEXT NOT NULL DEFAULT '',
        summary_en TEXT NOT NULL DEFAULT '',
        weigh INTEGER NOT NULL DEFAULT 0,
        status INTEGER NOT NULL DEFAULT 1
      )`,
      // limits: JSON [{label, label_en, amount}] (fen, per person; anze per accident).
      // classes: JSON [1, 2, …] allowed occupation classes (anze: industry bands).
      // annual: JSON {"1": fen, …} annual premium per person per class. An edit changes new
      // orders only: every order keeps its own snapshot of the plan (policy_order.plan_snapshot).
      `CREATE TABLE product_plan (
        id {{id}},
        product TEXT NOT NULL REFERENCES product (code),
        name TEXT NOT NULL,
        name_en TEXT NOT NULL DEFAULT '',
        named_list INTEGER NOT NULL DEFAULT 1,
        limits TEXT NOT NULL DEFAULT '[]',
        classes TEXT NOT NULL DEFAULT '[]',
        annual TEXT NOT NULL DEFAULT '{}',
        min_insured INTEGER NOT NULL DEFAULT 1,
        max_insured INTEGER NOT NULL DEFAULT 1,
        age_min INTEGER NOT NULL DEFAULT 16,
        age_max INTEGER NOT NULL DEFAULT 65,
        weigh INTEGER NOT NULL DEFAULT 0,
        status INTEGER NOT NULL DEFAULT 1,
        created_at BIGINT NOT NULL DEFAULT 0,
        updated_at BIGINT NOT NULL DEFAULT 0
      )`,
      `CREATE INDEX product_plan_product ON product_plan (product, weigh, id)`,
      // "order" is reserved in SQL: the table is policy_order.
      // status: unpaid | paid | underwriting | effective | expired | cancelled | refused | surrendered
      // (an effective order past end_date reads as expired even before the sweep writes it).
      `CREATE TABLE policy_order (
        id {{id}},
        order_no TEXT NOT NULL UNIQUE,
        policy_no TEXT UNIQUE,
        user_id INTEGER NOT NULL REFERENCES "user" (id),
        payer_id INTEGER,
        product TEXT NOT NULL,
        plan_id INTEGER NOT NULL REFERENCES product_plan (id),
        plan_name TEXT NOT NULL,
        plan_snapshot TEXT NOT NULL,
        named_list INTEGER NOT NULL DEFAULT 1,
        class INTEGER NOT NULL,
        months INTEGER NOT NULL,
        start_date TEXT NOT NULL,
        end_date TEXT NOT NULL,
        insured_count INTEGER NOT NULL DEFAULT 0,
        per_person BIGINT NOT NULL,
        rate INTEGER NOT NULL,
        premium BIGINT NOT NULL,
        refunded BIGINT NOT NULL DEFAULT 0,
        status TEXT NOT NULL,
        holder_name TEXT NOT NULL DEFAULT '',
        policyholder TEXT NOT NULL DEFAULT '{}',
        request_id TEXT,
        pay_request_id TEXT,
        reason TEXT NOT NULL DEFAULT '',
        paid_at BIGINT,
        effective_at BIGINT,
        closed_at BIGINT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL
      )`,
      `CREATE UNIQUE INDEX policy_order_request ON policy_order (user_id, request_id)`,
      // The list pages: one member (or a team's few) by type, newest first; by status; named or not.
      `CREATE INDEX policy_order_user ON policy_order (user_id, created_at, id)`,
      `CREATE INDEX policy_order_user_type ON policy_order (user_id, product, created_at, id)`,
      `CREATE INDEX policy_order_user_named ON policy_order (user_id, named_list, created_at, id)`,
      `CREATE INDEX policy_order_user_status ON policy_order (user_id, product, status, end_date, created_at)`,
      `CREATE INDEX policy_order_user_start ON policy_order (user_id, product, start_date)`,
      // The underwriting queue and the expiry sweep.
      `CREATE INDEX policy_order_status ON policy_order (status, end_date)`,
      // One row per person per stretch of cover; the roster on a date is
      // active_from <= date <= active_to. Endorsements close rows (active_to) and add new ones.
      `CREATE TABLE order_insured (
        id {{id}},
        order_id INTEGER NOT NULL REFERENCES policy_order (id),
        name TEXT NOT NULL,
        id_no TEXT NOT NULL,
        gender INTEGER NOT NULL DEFAULT 0,
        birthday TEXT NOT NULL DEFAULT '',
        class INTEGER NOT NULL,
        active_from TEXT NOT NULL,
        active_to TEXT NOT NULL,
        source TEXT NOT NULL DEFAULT 'order',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX order_insured_order ON order_insured (order_id, id)`,
      `CREATE INDEX order_insured_id_no ON order_insured (order_id, id_no)`,
      // Every state change: from, to, who (actor kind + member id), a note, when.
      `CREATE TABLE order_timeline (
        id {{id}},
        order_id INTEGER NOT NULL REFERENCES policy_order (id),
        from_status TEXT NOT NULL DEFAULT '',
        to_status TEXT NOT NULL,
        actor TEXT NOT NULL,
        actor_id INTEGER,
        note TEXT NOT NULL DEFAULT '',
        created_at BIGINT NOT NULL
      )`,
      `CREATE INDEX order_timeline_order ON order_timeline (order_id, id)`,
      // Number sequences (order numbers per day, policy numbers per year): one upserted row each.
      `CREATE TABLE order_sequence (
        name TEXT PRIMARY KEY,
        value BIGINT NOT NULL DEFAULT 0
      )`,
      // The catalogue as shipped (operators edit prices later; orders keep their snapshot).
      `INSERT INTO product (code, name, name_en, summary, summary_en, weigh) VALUES
        ('guzhu', '雇主责任险', 'Employer''s liability', '雇员因工伤亡、职业病，由雇主依法承担的赔偿责任，按职业类别和人数计费。', 'The employer''s legal liability for employees'' work injuries and occupational disease, priced per named employee by occupation class.', 1),
        ('tuanyi', '团体意外险', 'Group accident', '团体成员意外身故、伤残和意外医疗，具名清单或按人数投保。', 'Accidental death, disability and medical cover for a group, with a named list or by headcount.', 2),
        ('anze', '安全生产责任险', 'Work-safety liability', '高危行业依法投保的安全生产责任保险，按行业风险档次和人数计费，每次事故限额。', 'The work-safety liability cover required in high-risk industries, priced per head by industry band, limits per accident.', 3),
        ('personal', '个人意外险', 'Personal accident', '一人一单的意外身故、伤残和意外医疗保障。', 'Accidental death, disability and medical cover for one person.', 4)`,
      `INSERT INTO product_plan (product, name, name_en, named_list, limits, classes, annual, min_insured, max_insured, age_min, age_max, weigh) VALUES
        ('guzhu', '基础版', 'Basic', 1, '[{"label":"死亡/伤残","label_en":"Death / disability","amount":50000000},{"label":"医疗费用","label_en":"Medical expenses","amount":5000000},{"label":"误工费用","label_en":"Lost wages","amount":1000000}]', '[1,2,3,4,5]', '{"1":12000,"2":16000,"3":22000,"4":32000,"5":48000}', 3, 500, 16, 65, 1),
        ('guzhu', '标准版', 'Standard', 1, '[{"label":"死亡/伤残","label_en":"Death / disability","amount":80000000},{"label":"医疗费用","label_en":"Medical expenses","amount":10000000},{"label":"误工费用","label_en":"Lost wages","amount":2000000}]', '[1,2,3,4,5,6]', '{"1":18000,"2":24000,"3":33000,"4":48000,"5":72000,"6":98000}', 3, 1000, 16, 65, 2),
        ('guzhu', '尊享版', 'Premier', 1, '[{"label":"死亡/伤残","label_en":"Death / disability","amount":120000000},{"label":"医疗费用","label_en":"Medical expenses","amount":20000000},{"label":"误工费用","label_en":"Lost wages","amount":3000000}]', '[1,2,3,4]', '{"1":26000,"2":34000,"3":46000,"4":68000}', 5, 1000, 16, 60, 3),
        ('tuanyi', '具名基础版', 'Named list, basic', 1, '[{"label":"意外身故/伤残","label_en":"Accidental death / disability","amount":20000000},{"label":"意外医疗","label_en":"Accident medical","amount":2000000}]', '[1,2,3,4]', '{"1":6000,"2":8000,"3":12000,"4":18000}', 3, 1000, 16, 70, 1),
        ('tuanyi', '具名加强版', 'Named list, plus', 1, '[{"label":"意外身故/伤残","label_en":"Accidental death / disability","amount":50000000},{"label":"意外医疗","label_en":"Accident medical","amount":5000000},{"label":"住院津贴","label_en":"Hospital allowance","amount":1800000}]', '[1,2,3,4,5]', '{"1":11000,"2":14500,"3":21000,"4":30000,"5":45000}', 3, 1000, 16, 65, 2),
        ('tuanyi', '按人数投保', 'By headcount', 0, '[{"label":"意外身故/伤残","label_en":"Accidental death / disability","amount":10000000},{"label":"意外医疗","label_en":"Accident medical","amount":1000000}]', '[1,2,3]', '{"1":5000,"2":7000,"3":10000}', 10, 2000, 16, 65, 3),
        ('anze', '标准方案', 'Standard', 0, '[{"label":"每次事故每人死亡/伤残","label_en":"Death / disability per person per accident","amount":50000000},{"label":"每次事故每人医疗","label_en":"Medical per person per accident","amount":5000000},{"label":"每次事故第三者","label_en":"Third parties per accident","amount":100000000}]', '[1,2,3]', '{"1":15000,"2":26000,"3":42000}', 5, 3000, 16, 65, 1),
        ('anze', '高额方案', 'High limits', 0, '[{"label":"每次事故每人死亡/伤残","label_en":"Death / disability per person per accident","amount":100000000},{"label":"每次事故每人医疗","label_en":"Medical per person per accident","amount":10000000},{"label":"每次事故第三者","label_en":"Third parties per accident","amount":300000000}]', '[1,2,3]', '{"1":24000,"2":39000,"3":62000}', 5, 3000, 16, 65, 2),
        ('personal', '个人基础版', 'Personal basic', 1, '[{"label":"意外身故/伤残","label_en":"Accidental death / disability","amount":50000000},{"label":"意外医疗","label_en":"Accident medical","amount":5000000}]', '[1,2,3,4]', '{"1":9900,"2":12900,"3":19900,"4":29900}', 1, 1, 18, 65, 1),
        ('personal', '个人尊享版', 'Personal premier', 1, '[{"label":"意外身故/伤残","label_en":"Accidental death / disability","amount":100000000},{"label":"意外医疗","label_en":"Accident medical","amount":10000000},{"label":"住院津贴","label_en":"Hospital allowance","amount":3600000}]', '[1,2,3]', '{"1":19900,"2":25900,"3":39900}', 1, 1, 18, 60, 2)`,
    ],
  },
];
