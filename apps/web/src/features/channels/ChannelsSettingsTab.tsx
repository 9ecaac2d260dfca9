import { useMe } from '../../shared/api';
import { PageLoader } from '../../shared/ui/PageLoader';
import { ChannelsTab } from './ChannelsTab';

/** The channels tab of /setting/store (business settings): the connected channel accounts. */
export function ChannelsSettingsTab() {
  const me = useMe();
  if (!me.data) return <PageLoader />;
  return <ChannelsTab me={me.data} />;
}
