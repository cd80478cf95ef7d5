import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItem, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';

interface SubMenuProps {
  label: string;
  icon: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A sidebar group that expands and collapses on click: an item of the sidebar's list holding its own list. */
export const SubMenu = ({ label, icon, open, onToggle, children }: SubMenuProps) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton onClick={onToggle} aria-expanded={open} sx={{ py: 0.5 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={translate(label)} sx={{ my: 0 }} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List disablePadding sx={{ '& .RaMenuItemLink-root': { pl: sidebarOpen ? 4 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </ListItem>
  );
};
