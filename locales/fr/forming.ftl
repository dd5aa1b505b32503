# Le courrier des parties à inscription : confirmations, invitations, nouvelles, premier courriel du maître de jeu.

forming-what-join = rejoindre « { $game } » (partie { $id }) sous le nom { $name }
forming-what-standby = attendre comme remplaçant, sous le nom { $name }, une place dans « { $game } » (partie { $id })
forming-what-standby-any = attendre comme remplaçant, sous le nom { $name }, une place qui se libère dans n’importe quelle partie
forming-confirm-subject = [Polysleuth partie { $id }] confirmez votre inscription
forming-confirm-standby-subject = [Polysleuth] confirmez votre inscription comme remplaçant
forming-confirm-body = Quelqu’un a demandé à { $what } avec cette adresse.

    Si c’était vous, confirmez en répondant à ce courriel, ou en ouvrant
      { $link }

    Le lien vaut deux jours. Si ce n’était pas vous, ignorez ce courriel : rien d’autre
    ne vous sera envoyé.
forming-invite-subject = [Polysleuth partie { $id }] vous êtes invité à jouer à « { $game } »
forming-invite-body = Le maître de jeu de « { $game } » (partie { $id }) vous invite à jouer à Polysleuth.

    Pour accepter, répondez avec la ligne
      accept VOTRE-NOM
    (un nom de lettres, chiffres, _ ou -), ou ouvrez
      { $link }
    Pour décliner, répondez avec le mot « decline », ou utilisez la même page.

    La partie et ses règles : { $page }
forming-news-subject = [Polysleuth partie { $id }] { $what }
forming-news-body = { $what }.

    Inscrits jusqu’ici ({ $count } sur { $max } au plus) : { $names }.

    La partie : { $page }
forming-someone-joined = { $name } a rejoint la partie
forming-someone-left = { $name } est parti
forming-joined-subject = [Polysleuth partie { $id }] vous avez rejoint « { $game } »
forming-joined-body = Vous avez rejoint « { $game } » (partie { $id }) sous le nom { $name }. Quand la partie commencera,
    vous recevrez par courriel votre lien privé et votre main.

    Pour partir avant le début, ouvrez
      { $link }
forming-gm-subject = [Polysleuth partie { $id }] votre partie « { $game } » est ouverte aux inscriptions
forming-gm-body = Votre partie « { $game } » (partie { $id }) est ouverte aux inscriptions sur sa page :
      { $page }

    Les joueurs s’y inscrivent, ou en écrivant « join { $id } NOM » à l’adresse du maître de jeu.
    Votre page de maître de jeu (gardez-la pour vous) montre qui a rejoint et lance la
    partie quand vous le souhaitez :
      { $link }

    Chaque adresse invitée reçoit une invitation, sauf celles déjà invitées à { $most }
    parties ces dernières 24 heures (le maximum par jour), qui n’en reçoivent pas : si
    quelqu’un n’a pas reçu la sienne, donnez-lui la page de la partie.
forming-answer-subject = [Polysleuth] votre inscription
forming-join-refused-subject = [Polysleuth] votre demande pour rejoindre une partie
forming-join-refused-body = Votre demande pour rejoindre une partie n’a pas pu être prise en compte : { $why }

    Pour rejoindre une partie qui rassemble ses joueurs, écrivez la ligne
      join NUMÉRO-DE-PARTIE VOTRE-NOM
    à cette adresse, ou utilisez la page de la partie.
