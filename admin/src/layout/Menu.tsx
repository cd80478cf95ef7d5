import { Box, Divider, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useSidebarState, useStore, useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { accessiblePagesQuery } from '../providers/queryClient';
import { activeLink, type MenuLinkDef } from './menuItems';
import { useShell } from './Shell';
import { SubMenu } from './SubMenu';

const MenuLink = ({ item, active }: { item: MenuLinkDef; active: boolean }) => {
  const translate = useTranslate();
  const [open, setOpen] = useSidebarState();
  const closeOnMobile = () => {
    if (window.matchMedia('(max-width: 599.95px)').matches && open) setOpen(false);
  };
  return (
    <ListItem disablePadding>
      <ListItemButton component={Link} to={item.to} selected={active} onClick={closeOnMobile}
        aria-current={active ? 'page' : undefined} className="RaMenuItemLink-root" data-testid={`menu-${item.to}`}
        sx={{ py: 0.5, '&.Mui-selected': { borderRight: 3, borderColor: 'primary.main' } }}>
        <ListItemIcon sx={{ minWidth: 40, color: active ? 'primary.main' : undefined }}>{item.icon}</ListItemIcon>
        <ListItemText primary={translate(item.label)} sx={{ my: 0 }} />
      </ListItemButton>
    </ListItem>
  );
};

/**
 * The sidebar of docs/routes-and-pages.md#sidebar: an item shows only when the user's accessible pages hold its page
 * key, a group with no visible item is hidden, separators always show.
 */
export const Menu = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { sidebar } = useShell();
  const [sidebarOpen] = useSidebarState();
  const { data: pages } = useQuery(accessiblePagesQuery);
  const [collapsed, setCollapsed] = useStore<string[]>('menu.collapsed', []);
  const allowed = new Set(pages?.map((p) => p.pageKey));
  const active = activeLink(sidebar, pathname);
  const visible = (item: MenuLinkDef) => allowed.has(item.pageKey);
  const toggle = (group: string) =>
    setCollapsed(collapsed.includes(group) ? collapsed.filter((g) => g !== group) : [...collapsed, group]);

  return (
    <Box component="nav" aria-label={translate('app.title')} data-testid="sidebar"
      sx={(theme) => ({ width: sidebarOpen ? theme.sidebar?.width : theme.sidebar?.closedWidth,
        transition: theme.transitions.create('width') })}>
      {sidebarOpen && (
        <Box sx={{ px: 2, pt: 2, pb: 1 }}>
          <Typography variant="subtitle1" component="div" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
            {translate('app.title')}
          </Typography>
          <Typography variant="caption" color="text.secondary" data-testid="sidebar-subtitle">
            {translate('app.subtitle')}
          </Typography>
        </Box>
      )}
      <List dense={false} sx={{ pt: 0.5 }}>
        {sidebar.map((entry, index) => {
          // A list holds only items; the rule between groups is drawn for the eye, not read out.
          if (entry === 'separator') return <li key={`separator-${index}`} aria-hidden><Divider sx={{ my: 1 }} /></li>;
          if (!('group' in entry)) {
            return visible(entry) ? <MenuLink key={entry.to} item={entry} active={active === entry.to} /> : null;
          }
          const items = entry.items.filter(visible);
          if (items.length === 0) return null;
          return (
            <SubMenu key={entry.group} label={entry.label} icon={entry.icon}
              open={!collapsed.includes(entry.group)} onToggle={() => toggle(entry.group)}>
              {items.map((item) => <MenuLink key={item.to} item={item} active={active === item.to} />)}
            </SubMenu>
          );
        })}
      </List>
    </Box>
  );
};
