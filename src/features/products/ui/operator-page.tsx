/**
 * /user/operator/products (operator-only rule): every plan with its prices per class, sizes and
 * ages; editing (button rule `operator/products/edit`) changes new orders only.
 */
import { PageFrame } from '~/ui';
import './products.css';
import { orderText } from '~/features/orders/texts';
import { listProducts } from '../service';
import { fenToYuan } from '~/lib/money';
import { ProductPlanForm } from './plan-form';
import { getRequestContext } from '~/server/context';
import { getDb } from '~/server/db/client';
import { hasExplicitRule } from '~/server/permissions';
import { Notice } from '~/ui/notice';

export function OperatorProductsPage() {
  return (
    <PageFrame
      page="user/operator/products"
      title={({ view }) => orderText(view.locale).titles.products}
      render={async ({ view }) => {
        const o = orderText(view.locale);
        const session = getRequestContext().session;
        if (!session) return null;
        const db = getDb();
        const [products, canEdit] = await Promise.all([
          listProducts(db, { all: true }),
          hasExplicitRule(db, session, 'operator/products/edit'),
        ]);
        const en = view.locale === 'en';
        return (
          <div className="orders">
            <Notice kind="info" role="status">
              <p>{o.operator.priceNote}</p>
            </Notice>
            {products.map((p) => (
              <section key={p.code} className="card" aria-labelledby={`pp-${p.code}`}>
                <h2 id={`pp-${p.code}`} className="card-title">
                  {en && p.name_en ? p.name_en : p.name}
                </h2>
                {p.plans.map((pl) => {
                  const classes = p.code === 'anze' ? [1, 2, 3] : [1, 2, 3, 4, 5, 6];
                  const initial = {
                    id: pl.id,
                    name: pl.name,
                    name_en: pl.name_en,
                    annual: Object.fromEntries(
                      classes.map((c) => [String(c), pl.annual[String(c)] ? fenToYuan(pl.annual[String(c)]) : '']),
                    ),
                    min_insured: pl.min_insured,
                    max_insured: pl.max_insured,
                    age_min: pl.age_min,
                    age_max: pl.age_max,
                    status: pl.status,
                  };
                  return (
                    <div
                      key={pl.id}
                      className="order-plan-block"
                      style={{ borderTop: '1px solid var(--border)', paddingTop: 'var(--space-4)', marginTop: 'var(--space-4)' }}
                    >
                      {canEdit ? (
                        <ProductPlanForm initial={initial} classes={classes} o={{ operator: o.operator, form: o.form }} />
                      ) : (
                        <p>
                          <strong>{pl.name}</strong>{' '}
                          <span className="muted">
                            {Object.entries(pl.annual)
                              .map(([c, fen]) => `${c}: ¥${fenToYuan(fen)}`)
                              .join(' · ')}
                          </span>
                        </p>
                      )}
                    </div>
                  );
                })}
              </section>
            ))}
          </div>
        );
      }}
    />
  );
}
