import { GameList } from '@/features/catalog/components/game-list';

export default function HostingRoute() {
  return <GameList />;
}
