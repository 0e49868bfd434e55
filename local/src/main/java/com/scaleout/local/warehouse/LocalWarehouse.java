package com.scaleout.local.warehouse;

import com.scaleout.declaration.ScaleoutDeclaration;
import com.scaleout.local.LocalRuntime;
import com.scaleout.warehouse.WarehouseComponents;

/** The import warehouse in the local stack, as the tools and tests outside the runtime find it. */
public final class LocalWarehouse {
    private LocalWarehouse() {
    }

    /** The local name of the warehouse's bucket: the declared bucket, named as the local runtime names it. */
    public static String bucket() {
        return LocalRuntime.bucketName(ScaleoutDeclaration.declaration().buckets().stream()
                .filter(b -> b.name().equals(WarehouseComponents.BUCKET)).findFirst().orElseThrow());
    }
}
