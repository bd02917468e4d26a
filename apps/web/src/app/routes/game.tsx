import { useParams } from 'react-router';
import { GamePackages } from '@/features/catalog/components/game-packages';

export default function GameRoute() {
  const { gameId } = useParams();
  return <GamePackages gameId={Number(gameId)} />;
}
