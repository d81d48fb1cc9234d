import { fullName, initials } from '@app/shared';
import { Avatar, type AvatarProps } from '@mantine/core';

/** Photo when there is one, else the initials of first and last name. */
export function UserAvatar({
  prenom,
  nom,
  photo,
  ...props
}: { prenom: string; nom: string; photo: string | null } & AvatarProps) {
  const name = fullName({ prenom, nom });
  return (
    <Avatar src={photo || null} alt={name} color="initials" name={name} {...props}>
      {initials(prenom, nom)}
    </Avatar>
  );
}
