/**
 * /user/operator/products (operator-only rule): every plan's prices in one grid (plan × class,
 * the terms derived by the short-term rates), edited in place and saved together; each plan's
 * details (names, people, ages, on sale) in its own form below. Editing needs the button rule
 * `operator/products/edit` and changes new orders only.
 */
import { PageFrame } from '~/ui';
import './products.css';
import { orderText } from '~/features/orders/texts';
import { classesOf, listProducts } from '../service';
import { fenToYuan } from '~/lib/money';
import { ProductPlanForm } from './plan-form';
import { PriceGrid } from './price-grid';
import { PlanRulesForm } from './rules-form';
import { type GridProduct, PriceTableFrame } from './price-table';
import { fill, productText } from '../texts';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { Notice } from '~/ui/notice';
import type { Plan } from '../types';

const planName = (pl: Pick<Plan, 'name' | 'name_en'>, en: boolean) => (en && pl.name_en ? pl.name_en : pl.name);

/** The grid read-only (no edit rule): the same table, prices as text. */
function PriceTable({ products, g }: { products: GridProduct[]; g: ReturnType<typeof productText>['grid'] }) {
  return (
    <PriceTableFrame
      products={products}
      g={g}
      cell={(_, pl, c) => (
        <td key={c} className={pl.classes.includes(c) ? 'num' : 'pg-na'} data-class={c}>
          {!pl.classes.includes(c) ? g.notOffered : pl.annual[String(c)] ? `¥${pl.annual[String(c)]}` : '—'}
        </td>
      )}
    />
  );
}

export function OperatorProductsPage() {
  return (
    <PageFrame
      page="user/operator/products"
      title={({ view }) => orderText(view.locale).titles.products}
      render={async ({ view }) => {
        const o = orderText(view.locale);
        const g = productText(view.locale).grid;
        const r = productText(view.locale).rules;
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const [products, canEdit] = await Promise.all([
          listProducts(db, { all: true }),
          hasExplicitRule(db, session, 'operator/products/edit'),
        ]);
        const en = view.locale === 'en';
        const grid: GridProduct[] = products.map((p) => ({
          code: p.code,
          name: en && p.name_en ? p.name_en : p.name,
          plans: p.plans.map((pl) => ({
            id: pl.id,
            name: planName(pl, en),
            classes: classesOf(p.code),
            annual: Object.fromEntries(
              classesOf(p.code).map((c) => [String(c), pl.annual[String(c)] ? fenToYuan(pl.annual[String(c)]) : '']),
            ),
          })),
        }));
        return (
          <div className="orders op-products">
            <Notice kind="info" role="status">
              <p>{o.operator.priceNote}</p>
            </Notice>
            <section className="card" aria-labelledby="pg-title">
              <h2 id="pg-title" className="card-title">
                {g.title}
              </h2>
              <p className="op-hint">{g.lead}</p>
              {canEdit ? <PriceGrid products={grid} g={g} /> : <PriceTable products={grid} g={g} />}
            </section>
            {canEdit
              ? products.map((p) => (
                  <section key={p.code} className="card" aria-labelledby={`pp-${p.code}`}>
                    <details className="pp-details">
                      <summary>
                        <h2 id={`pp-${p.code}`} className="card-title">
                          {en && p.name_en ? p.name_en : p.name}
                          <span className="muted pp-details-sub">{g.details}</span>
                        </h2>
                      </summary>
                      {p.plans.map((pl) => (
                        <div key={pl.id} className="order-plan-block pp-block">
                          <ProductPlanForm
                            initial={{
                              id: pl.id,
                              name: pl.name,
                              name_en: pl.name_en,
                              min_insured: pl.min_insured,
                              max_insured: pl.max_insured,
                              age_min: pl.age_min,
                              age_max: pl.age_max,
                              status: pl.status,
                            }}
                            o={{ operator: o.operator, form: o.form }}
                          />
                        </div>
                      ))}
                    </details>
                  </section>
                ))
              : null}
            {canEdit
              ? products
                  .filter((p) => p.code === 'guzhu' || p.code === 'tuanyi')
                  .flatMap((p) => p.plans.filter((pl) => pl.named_list))
                  .map((pl) => (
                    <section key={`rules-${pl.id}`} className="card" aria-labelledby={`pr-${pl.id}`}>
                      <details className="pp-details">
                        <summary>
                          <h2 id={`pr-${pl.id}`} className="card-title">
                            {fill(r.title, { plan: planName(pl, en) })}
                          </h2>
                        </summary>
                        <p className="op-hint">{r.lead}</p>
                        <PlanRulesForm planId={pl.id} initial={pl.rules} t={r} />
                      </details>
                    </section>
                  ))
              : null}
          </div>
        );
      }}
    />
  );
}
