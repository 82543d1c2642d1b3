"""Stop words per language: the Snowball project's lists, as PostgreSQL ships them.

Words this common are left out of the index and of queries on both backends, so a question
typed as a sentence ("what if a card is exposed on the deal") searches for its content words.
"""

from __future__ import annotations

STOP_WORDS: dict[str, frozenset[str]] = {
    "sv": frozenset(
        """
        alla allt att av blev bli blir blivit de dem den denna deras dess dessa det detta dig
        din dina ditt du där då efter ej eller en er era ert ett från för ha hade han hans har
        henne hennes hon honom hur här i icke ingen inom inte jag ju kan kunde man med mellan
        men mig min mina mitt mot mycket ni nu när någon något några och om oss på samma sedan
        sig sin sina sitta själv skulle som så sådan sådana sådant till under upp ut utan vad
        var vara varför varit varje vars vart vem vi vid vilka vilkas vilken vilket vår våra
        vårt än är åt över
        """.split()
    ),
    "da": frozenset(
        """
        ad af alle alt anden at blev blive bliver da de dem den denne der deres det dette dig
        din disse dog du efter eller en end er et for fra ham han hans har havde have hende
        hendes her hos hun hvad hvis hvor i ikke ind jeg jer jo kunne man mange med meget men
        mig min mine mit mod ned noget nogle nu når og også om op os over på selv sig sin sine
        sit skal skulle som sådan thi til ud under var vi vil ville vor være været
        """.split()
    ),
    "fi": frozenset(
        """
        ei eivät emme en et ette että he heidän heidät heihin heille heillä heiltä heissä
        heistä heitä hän häneen hänelle hänellä häneltä hänen hänessä hänestä hänet häntä itse
        ja johon joiden joihin joiksi joilla joille joilta joina joissa joista joita joka joksi
        jolla jolle jolta jona jonka jos jossa josta jota jotka kanssa keiden keihin keiksi
        keille keillä keiltä keinä keissä keistä keitä keneen keneksi kenelle kenellä keneltä
        kenen kenenä kenessä kenestä kenet ketkä ketä koska kuin kuka kun me meidän meidät
        meihin meille meillä meiltä meissä meistä meitä mihin miksi mikä mille millä miltä
        minkä minua minulla minulle minulta minun minussa minusta minut minuun minä missä mistä
        mitkä mitä mukaan mutta ne niiden niihin niiksi niille niillä niiltä niin niinä niissä
        niistä niitä noiden noihin noiksi noilla noille noilta noin noina noissa noista noita
        nuo nyt näiden näihin näiksi näille näillä näiltä näinä näissä näistä näitä nämä ole
        olemme olen olet olette oli olimme olin olisi olisimme olisin olisit olisitte olisivat
        olit olitte olivat olla olleet ollut on ovat poikki se sekä sen siihen siinä siitä
        siksi sille sillä siltä sinua sinulla sinulle sinulta sinun sinussa sinusta sinut
        sinuun sinä sitä tai tallä te teidän teidät teihin teille teillä teiltä teissä teistä
        teitä tuo tuohon tuoksi tuolla tuolle tuolta tuon tuona tuossa tuosta tuotä tähän täksi
        tälle tältä tämä tämän tänä tässä tästä tätä vaan vai vaikka yli
        """.split()
    ),
    "en": frozenset(
        """
        a about above after again against all am an and any are as at be because been before
        being below between both but by can did do does doing don down during each few for from
        further had has have having he her here hers herself him himself his how i if in into
        is it its itself just me more most my myself no nor not now of off on once only or
        other our ours ourselves out over own s same she should so some such t than that the
        their theirs them themselves then there these they this those through to too under
        until up very was we were what when where which while who whom why will with you your
        yours yourself yourselves
        """.split()
    ),
}
