export function DashboardPage() {
  return null;
}
