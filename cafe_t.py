import time, tempfile, random
from pathlib import Path
from tests.e2e.forkserver import ForkServer
from tests.e2e.server import start
from tests.e2e import kill as K
f=ForkServer()
rnd=random.Random(3)
with tempfile.TemporaryDirectory() as tmp:
    for from_page in (False, True):
        db=Path(tmp)/f"g{from_page}.sqlite"
        s=start("politrics", Path(tmp), ["--seed","5"], db=db, forks=f)
        if from_page:
            s.post("/api/new", {"game": "chesspolitik", "seats": 2, "seat_kinds": ["phone", "phone"]})
        for life in range(2):
            t=time.monotonic(); tokens=K.tokens_of(s) if from_page else []
            print("tokens", round(time.monotonic()-t,3))
            for i in range(4):
                t=time.monotonic()
                g=K.orders_step(s,rnd,tokens) if from_page else K.politrics_step(s,rnd)
                print(from_page, life, i, round(time.monotonic()-t,3), g is not None)
            s.kill()
            s=start("djambi", Path(tmp), ["--seed","5"], db=db, forks=f)
        s.kill()
f.close()
