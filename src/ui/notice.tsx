/** A calm message box (info, warning or danger) with an icon, a title and a body. */
import type { ReactNode } from 'react';
import { Icon, type IconName } from './icon';

export function Notice({
  kind = 'info',
  title,
  children,
  icon,
  role,
}: {
  kind?: 'info' | 'warning' | 'danger';
  title?: string;
  children?: ReactNode;
  icon?: IconName;
  role?: 'alert' | 'status';
}) {
  const name: IconName = icon ?? (kind === 'info' ? 'info' : kind === 'warning' ? 'clock' : 'alert');
  return (
    <div className={`notice notice-${kind}`} role={role}>
      <Icon name={name} size={22} className="notice-icon" />
      <div className="notice-body">
        {title ? <p className="notice-title">{title}</p> : null}
        {children}
      </div>
    </div>
  );
}
