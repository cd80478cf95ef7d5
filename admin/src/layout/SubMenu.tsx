import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import type { ReactNode } from 'react';
import { useSidebarState, useTranslate } from 'react-admin';

interface SubMenuProps {
  label: string;
  icon: ReactNode;
  open: boolean;
  onToggle: () => void;
  children: ReactNode;
}

/** A sidebar group that expands and collapses on click. */
export const SubMenu = ({ label, icon, open, onToggle, children }: SubMenuProps) => {
  const translate = useTranslate();
  const [sidebarOpen] = useSidebarState();
  return (
    <>
      <ListItemButton onClick={onToggle} aria-expanded={open} sx={{ py: 0.5 }}>
        <ListItemIcon sx={{ minWidth: 40 }}>{icon}</ListItemIcon>
        <ListItemText primary={translate(label)} sx={{ my: 0 }} slotProps={{ primary: { sx: { fontWeight: 500 } } }} />
        {open ? <ExpandLess /> : <ExpandMore />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding sx={{ '& .RaMenuItemLink-root': { pl: sidebarOpen ? 4 : 2 } }}>
          {children}
        </List>
      </Collapse>
    </>
  );
};
