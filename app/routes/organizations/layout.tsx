// Placeholder: replaced by the organization administration work.
import { Outlet } from '@remix-run/react'

export default function OrganizationLayout() {
  return <Outlet />
}
